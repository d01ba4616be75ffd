// n8n's scanner (@n8n/scan-community-package) on this package before it is published: the two lint legs of
// `npx @n8n/scan-community-package n8n-nodes-seller-marketplace`, run on what that command would download.
//
//   node scripts/scan-package.mjs <scanner.mjs> <source folder> <unpacked tarball folder>
//
// The published command first checks the npm provenance of the release, then lints the source commit that
// provenance names (package.json, nodes/, credentials/) and the compiled files of the tarball. Before the
// first release there is no provenance to check and nothing to download, so this runs the scanner's own
// analyzePackage() with its own patterns on the working tree and on `npm pack`'s tarball.
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const [scannerPath, sourceDir, packageDir] = process.argv.slice(2);
const scanner = await import(pathToFileURL(scannerPath).href);
const legs = [
	['source (package.json, nodes/, credentials/)', sourceDir, scanner.SOURCE_FILE_PATTERNS],
	['tarball (compiled .js, package.json)', packageDir, ['**/*.js', 'package.json']],
];
let failed = false;
for (const [what, dir, patterns] of legs) {
	const result = await scanner.analyzePackage(dir, patterns);
	if (result.passed) process.stdout.write(`scanner, ${what}: passed\n`);
	else {
		failed = true;
		process.stdout.write(`scanner, ${what}: FAILED (${result.message})\n${result.details ?? ''}\n`);
	}
}
process.exit(failed ? 1 : 0);
