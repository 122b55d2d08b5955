import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { LONG_FILES } from "./long-files";

/**
 * The order two workers take the files in: the long files first (long-files.ts), then vitest's
 * own order (the files' durations in its cache of the last run, or their sizes when there is none,
 * as on a fresh clone). Without it a fresh clone's run could start a 50-second file last and end
 * on one busy core (decision 036).
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const relative = path.relative(this.ctx.config.root, file.moduleId);
      const index = LONG_FILES.findIndex((name) => name === relative || name === `${file.project.name} ${relative}`);
      return index === -1 ? LONG_FILES.length : index;
    };
    // A stable sort: the files not named keep vitest's order after the named ones.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
