// The default timeout of every e2e test and hook: 3 minutes on an idle machine (an `n8n execute` starts a whole
// n8n), scaled by the load when the file starts (test/budget.js). Set here rather than as the config's
// `testTimeout`, which ts-jest keys its cache on: a value that follows the load compiled everything again each run.
import { budget } from '../../test/budget';

jest.setTimeout(budget(180_000));
