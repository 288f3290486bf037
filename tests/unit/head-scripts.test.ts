import { describe, expect, it } from "vitest";
import { GENERATED_FILE, headScriptsModule, readGenerated } from "../../scripts/head-scripts";

describe("the compiled head scripts", () => {
  it(`${GENERATED_FILE} is what scripts/head-scripts.ts makes from the typed functions (else run npm run head-scripts)`, async () => {
    expect(readGenerated()).toBe(await headScriptsModule());
  });
});
