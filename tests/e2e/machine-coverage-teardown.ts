import path from "node:path";
import { writeBrowserCoverage } from "./machine-coverage";

// Playwright global teardown: the browser suite's transition coverage, from every test's part.
export default function globalTeardown(): void {
  const file = writeBrowserCoverage(path.join(process.cwd(), "tests/e2e"));
  if (file?.run)
    console.log(`Machine transition coverage: ${file.run.tests} tests in ${file.run.specFiles.length} of ${file.run.allSpecFiles.length} spec files`);
}
