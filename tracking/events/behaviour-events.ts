// Events emitted by state-machine transitions and by the shell/behaviour components
// (machines issue). One definition per event.
export const behaviourEvents = [] as const;
