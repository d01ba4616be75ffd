/**
 * A CSV reader for the files the marketplace generates (reports): `;`, `,` or tab separated, the separator taken from
 * the header line; "quoted" fields may hold separators, doubled quotes and line breaks; a byte order mark and empty
 * lines are skipped. The node's own code: the package has no runtime dependencies.
 */

export interface CsvRows {
	header: string[];
	/** each data row by column name, with its line number in the file (1 is the header) */
	rows: Array<{ line: number; values: Record<string, string> }>;
}

const SEPARATORS = [';', ',', '\t'];

/** The separator that occurs most often outside quotes in the header line (`;` on a tie, as the marketplace writes). */
function separatorOf(text: string): string {
	const counts = new Map(SEPARATORS.map((separator) => [separator, 0]));
	let quoted = false;
	for (const char of text) {
		if (char === '"') quoted = !quoted;
		else if (!quoted && (char === '\n' || char === '\r')) break;
		else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
	}
	return SEPARATORS.reduce((best, separator) => (counts.get(separator)! > counts.get(best)! ? separator : best));
}

/** The records of the file, each a list of fields with the line it starts on. */
function records(text: string, separator: string): Array<{ line: number; fields: string[] }> {
	const out: Array<{ line: number; fields: string[] }> = [];
	let fields: string[] = [];
	let field = '';
	let quoted = false;
	let line = 1;
	let start = 1;
	const endRecord = () => {
		fields.push(field);
		if (fields.length > 1 || fields[0] !== '') out.push({ line: start, fields });
		fields = [];
		field = '';
	};
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (char === '"') quoted = false;
			else {
				if (char === '\n') line++;
				field += char;
			}
		} else if (char === '"') quoted = true;
		else if (char === separator) {
			fields.push(field);
			field = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			endRecord();
			start = ++line;
		} else field += char;
	}
	if (field !== '' || fields.length) endRecord();
	return out;
}

export function parseCsv(input: string): CsvRows {
	const text = input.replace(/^\uFEFF/, '');
	const [head, ...body] = records(text, separatorOf(text));
	if (!head) return { header: [], rows: [] };
	const header = head.fields.map((name) => name.trim());
	return {
		header,
		rows: body.map(({ line, fields }) => ({
			line,
			values: Object.fromEntries(
				header.flatMap((name, index) => (name === '' ? [] : [[name, (fields[index] ?? '').trim()]])),
			),
		})),
	};
}
