/**
 * Who may talk to the sandbox. Its keys are printed and served, and its control API is unsigned, so a web
 * page in the user's browser must not reach it: every request needs a Host naming the sandbox itself (a
 * DNS-rebound name does not), and requests a browser marks as coming from another origin are refused.
 */
import type http from 'http';
import type { Reply } from './reply';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export class RequestGuard {
	private readonly hosts: Set<string>;
	private readonly loopbackName = /^(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/;
	private readonly origins: Set<string>;

	/**
	 * `origin` is the sandbox's own, e.g. http://127.0.0.1:8787 (its host is the one it was started with);
	 * `extraNames` are further host names the user allowed at start-up.
	 */
	constructor(
		private readonly origin: string,
		extraNames: readonly string[] = [],
	) {
		const { hostname, port } = new URL(origin);
		const names = new Set([...LOOPBACK_NAMES, hostname, ...extraNames].map((name) => name.toLowerCase()));
		this.hosts = new Set([...names].flatMap((name) => (port === '' ? [name, `${name}:80`] : [`${name}:${port}`])));
		this.origins = new Set([...this.hosts].map((host) => `http://${host}`));
	}

	/** A 403 for a request that does not come from a local client talking to this sandbox, else undefined. */
	refusal(req: http.IncomingMessage): Reply | undefined {
		const host = (req.headers.host ?? '').toLowerCase();
		// A loopback name on another port is a local proxy in front of the sandbox (a test's fault proxy, a port
		// forward); a browser page cannot send it cross-origin, and DNS rebinding needs a foreign name.
		if (!this.hosts.has(host) && !this.loopbackName.test(host)) {
			return forbidden(
				`Host '${clip(host)}' is not this sandbox; call it as ${this.origin} (or localhost / [::1]), ` +
					'or start it with --allow-host <name> to accept another name',
			);
		}
		const origin = req.headers.origin;
		if (origin !== undefined && !this.origins.has(origin.toLowerCase())) {
			return forbidden(`Cross-origin requests are refused (Origin '${clip(origin)}')`);
		}
		const site = req.headers['sec-fetch-site'];
		if (site !== undefined && site !== 'same-origin' && site !== 'none') {
			return forbidden(`Requests from other sites are refused (Sec-Fetch-Site: ${clip(String(site))})`);
		}
		if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
			return forbidden('CORS preflight refused: the sandbox answers no cross-origin requests');
		}
		return undefined;
	}
}

/** The control API takes JSON only: a browser can send other types cross-site without asking first. */
export function contentTypeRefusal(req: http.IncomingMessage, hasBody: boolean): Reply | undefined {
	const type = req.headers['content-type'];
	if (!hasBody && type === undefined) return undefined;
	if (type !== undefined && type.split(';')[0].trim().toLowerCase() === 'application/json') return undefined;
	return {
		status: 415,
		json: { message: 'The sandbox control API takes request bodies only as Content-Type: application/json' },
	};
}

const forbidden = (message: string): Reply => ({ status: 403, json: { message } });

const clip = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}...` : text);
