// The checks of the assistant's settings (ask mode's inputs, the command line's `ask`), apart from
// the agent endpoints' in src/text/checks.ts. The action's main bundle carries them all the same:
// ask/mode.ts reads ask mode's inputs, with these checks, to decide a run.
import { ADMIN_KEY_PREFIX, ASSISTANT_KEY_PREFIX } from '../base/constants.ts';
import type { SettingName } from './checks.ts';

/** The problem with an assistant key that was given, or undefined. Never quotes the key. */
export function assistantKeyProblem(key: string, setting: SettingName): string | undefined {
  // The admin key would work nowhere here and is a secret: it must not travel to the chat endpoint.
  if (key.startsWith(ADMIN_KEY_PREFIX) && !key.startsWith(ASSISTANT_KEY_PREFIX)) {
    return (
      `${setting.subject} holds the admin key (it starts with '${ADMIN_KEY_PREFIX}'), which is ` +
      `secret and not needed to ask questions. Use the assistant key, which starts with ` +
      `'${ASSISTANT_KEY_PREFIX}', and rotate the admin key if it was exposed.`
    );
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return `${setting.subject} holds spaces or characters a key never has: copy the assistant key again.`;
  }
  if (!key.startsWith(ASSISTANT_KEY_PREFIX)) {
    return `${setting.subject} is not an assistant key: assistant keys start with '${ASSISTANT_KEY_PREFIX}'.`;
  }
  return undefined;
}

/** A documentation site's identifier, the `{domain}` of the assistant's address. */
export function domainProblem(domain: string, setting: SettingName): string | undefined {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(domain)) {
    return `Invalid ${setting.name} '${domain.slice(0, 100)}': a site identifier has only letters, digits, '-', '_' and '.'.`;
  }
  return undefined;
}
