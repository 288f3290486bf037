import { clearCoverageParts } from "./machine-coverage";

// Playwright global setup: transition coverage parts from an earlier run are not this run's.
export default function globalSetup(): void {
  clearCoverageParts();
}
