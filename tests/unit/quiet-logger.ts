import { log } from "~/server/logger.server";

// Unit tests drive the server's parts (the guard, the drain) into the situations they log: a test that
// means to see a line spies on the logger; the rest stay out of the test output.
log.level = "silent";
