// The default timeout of every test and hook: 30 s on an idle machine, scaled by the load when the test file
// starts (test/budget.js). Set here rather than as the config's `testTimeout`: ts-jest keys its cache on the whole
// config, so a value that follows the load made every run compile the package again (seconds before a file's
// first test).
import { budget } from './budget';

jest.setTimeout(budget(30_000));
