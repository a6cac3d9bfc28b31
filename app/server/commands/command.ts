/** A command's refusal: its message is printed after the command's name, and the process exits with 1. */
export class CommandFailure extends Error {}
