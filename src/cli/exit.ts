// The exit codes live with the table of outcomes, which gives each kind its code.
export { EXIT } from '../outcome/exit.ts';
