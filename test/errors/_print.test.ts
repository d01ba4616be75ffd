import { describeAttempt } from '../../nodes/shared/helpers/headline';
import { resources as v1 } from '../../nodes/SellerMarketplace/v1/actions';
import { wordingOf as v1Wording } from '../../nodes/SellerMarketplace/v1/actions/router';
import { resources as v2 } from '../../nodes/SellerMarketplace/v2/actions';
import { wordingOf as v2Wording } from '../../nodes/SellerMarketplace/v2/actions/router';
it('prints', () => {
	const lines: string[] = [];
	for (const [name, resource] of Object.entries(v1)) for (const [op, operation] of Object.entries(resource.operations)) lines.push(`v1 ${name}.${op}: ${describeAttempt(v1Wording(name as never, op, operation as never), () => '1000064').text}`);
	for (const resource of v2) for (const operation of Object.values(resource.operations)) lines.push(`v2 ${resource.value}.${operation.value}: ${describeAttempt(v2Wording(operation), () => '1000064').text}`);
	console.log(lines.join('\n'));
});
