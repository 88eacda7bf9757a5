// The images' suite (R-RUN-IMAGES, R-RUN-IMAGES-UP, R-RUN-COMPOSE): `npm test` runs it where a
// container engine is installed (scripts/test-all.mjs), one file after the other in this order:
// the nine images are built and looked into first, then the product runs from them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

export const IMAGE_TESTS = [
  'test/images-build.test.ts',
  'test/images-up.test.ts',
  'test/images-release.test.ts',
  'test/compose.test.ts',
];

class InOrder extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) =>
      IMAGE_TESTS.findIndex((t) => f.moduleId.endsWith(t.slice('test'.length)));
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  test: {
    include: IMAGE_TESTS,
    fileParallelism: false,
    sequence: { sequencer: InOrder },
    env: { IMAGES_TEST: '1' },
    testTimeout: 300_000,
    hookTimeout: 3_600_000,
  },
});
