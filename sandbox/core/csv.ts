/** Minimal CSV reader for import files: `;`, `,` or tab separated (guessed from the header), "quoted" fields. */

export interface CsvTable {
	header: string[];
	/** data rows with their 1-based line number in the file */
	rows: Array<{ line: number; values: Record<string, string> }>;
}

export function parseCsv(text: string): CsvTable {
	const lines = splitRecords(text.replace(/^\uFEFF/, ''));
	if (lines.length === 0) return { header: [], rows: [] };
	const first = lines[0].text;
	const separator = [';', '\t', ','].sort((a, b) => count(first, b) - count(first, a))[0];
	const header = splitFields(first, separator).map((h) => h.trim().toLowerCase());
	const rows = lines.slice(1).map(({ line, text: record }) => {
		const fields = splitFields(record, separator);
		const values: Record<string, string> = {};
		header.forEach((name, i) => {
			if (name !== '') values[name] = (fields[i] ?? '').trim();
		});
		return { line, values };
	});
	return { header, rows };
}

function count(text: string, char: string): number {
	return text.split(char).length - 1;
}

/** Splits into records, keeping newlines inside quotes; skips empty lines. */
function splitRecords(text: string): Array<{ line: number; text: string }> {
	const records: Array<{ line: number; text: string }> = [];
	let current = '';
	let quoted = false;
	let line = 1;
	let start = 1;
	for (const char of text) {
		if (char === '"') quoted = !quoted;
		if (char === '\n' && !quoted) {
			if (current.replace(/\r$/, '').trim() !== '') records.push({ line: start, text: current.replace(/\r$/, '') });
			current = '';
			start = ++line;
			continue;
		}
		if (char === '\n') line++;
		current += char;
	}
	if (current.trim() !== '') records.push({ line: start, text: current.replace(/\r$/, '') });
	return records;
}

function splitFields(record: string, separator: string): string[] {
	const fields: string[] = [];
	let current = '';
	let quoted = false;
	for (let i = 0; i < record.length; i++) {
		const char = record[i];
		if (quoted) {
			if (char === '"' && record[i + 1] === '"') {
				current += '"';
				i++;
			} else if (char === '"') quoted = false;
			else current += char;
		} else if (char === '"') quoted = true;
		else if (char === separator) {
			fields.push(current);
			current = '';
		} else current += char;
	}
	fields.push(current);
	return fields;
}
