// Events emitted by state-machine transitions (machines issue). One definition per event.
// import { z } from "zod"; import { defineEvent, prop } from "../define-event";
export const machineEvents = [] as const;
