// The checks of the settings that both front ends take, the action's inputs (src/step/inputs.ts,
// src/ask/inputs.ts) and the command line's flags and environment (src/cli/config.ts): a value in,
// the problem out. The words are the same for both; only how the setting is named differs (the
// action says "Input 'api-key'", the command line "DOCS_AGENT_API_KEY (--api-key)").
import { ADMIN_KEY_PREFIX, ASSISTANT_KEY_PREFIX } from '../base/constants.ts';
import { addressUserInfo, shownAddress } from './address.ts';
import { registerSecret } from './secrets.ts';

/** How a message names a setting: `subject` starts a sentence, `name` follows "Invalid". */
export interface SettingName {
  /** "Input 'api-key'" or "DOCS_AGENT_API_KEY (--api-key)". */
  subject: string;
  /** "'api-key'" or "DOCS_AGENT_API_KEY (--api-key)". */
  name: string;
}

/** The problem with an admin key, or undefined. The key itself is never quoted: a message may end up in a public log. */
export function adminKeyProblem(apiKey: string, setting: SettingName): string | undefined {
  // The assistant prefix also starts with the admin prefix, so it must be checked first.
  if (apiKey.startsWith(ASSISTANT_KEY_PREFIX)) {
    return (
      `${setting.subject} holds the public assistant key (it starts with '${ASSISTANT_KEY_PREFIX}'), ` +
      `which only opens the chat endpoints. Use the admin key, which starts with ` +
      `'${ADMIN_KEY_PREFIX}' but not '${ASSISTANT_KEY_PREFIX}'.`
    );
  }
  // A header value Node will not send would fail every request; say so before sending any.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    return (
      `${setting.subject} holds spaces or characters a key never has: copy the admin key again, ` +
      `without line breaks or quotes.`
    );
  }
  if (!apiKey.startsWith(ADMIN_KEY_PREFIX)) {
    return (
      `${setting.subject} is not an admin key: admin keys start with '${ADMIN_KEY_PREFIX}'. ` +
      `Copy the admin key from your Documentation Agent dashboard into a secret.`
    );
  }
  return undefined;
}

export type BaseUrlCheck =
  | { ok: true; url: string }
  /** `maskWhole`: the address held a user name or password; the caller masks all of it where it can. */
  | { ok: false; problem: string; maskWhole: boolean };

/**
 * The service's address without a trailing slash, or why it cannot be used. The address may hold
 * a password or a token: a problem names its host alone, never the value as given, whether it
 * parses or not (text/address.ts), and what could be a password is registered as a secret.
 * `example`: "base-url: https://api.example.com"; `keySetting`: where the admin key goes.
 */
export function checkBaseUrl(raw: string, setting: SettingName, example: string, keySetting: string): BaseUrlCheck {
  const shown = shownAddress(raw);
  const refuse = (why: string): BaseUrlCheck => {
    const userInfo = addressUserInfo(raw);
    if (userInfo) registerSecret(userInfo);
    return { ok: false, problem: `Invalid ${setting.name}${why}`, maskWhole: userInfo !== '' };
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(`${shown}: not a URL. Expected ${example}.`);
  }
  // The admin key is the only credential the service takes: an address with one is refused.
  if (url.username || url.password) {
    if (url.password) registerSecret(decodeURIComponent(url.password));
    return refuse(
      `: remove the user name and password from the address (${url.protocol}//***@${url.host}); ` +
        `the service needs only the admin key in ${keySetting}.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse(`${shown}: use an http(s) address, ${example}.`);
  }
  // The admin key travels in every request: plain http is allowed only to this machine.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return refuse(`${shown}: the API key would be sent unencrypted. Use https://.`);
  }
  if (url.search || url.hash) {
    return refuse(`${shown}: remove the query or fragment; paths are appended to it.`);
  }
  // Trailing slashes dropped by walking back: /\/+$/ retries from every slash of a run.
  let end = url.href.length;
  while (end > 0 && url.href[end - 1] === '/') end--;
  return { ok: true, url: url.href.slice(0, end) };
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
