import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { withTableBudget } from '../../aws/table-budget';
import { verifyStripeEvent } from '../../billing/verify';
import { handleStripeEvent } from '../../billing/webhook';
import { failure } from '../../http/api-handler';
import { ok, toResponse } from '../../http/responses';

/**
 * POST /api/billing/webhook, called by Stripe, not by a signed-in user: no JWT authorizer, the Stripe-Signature
 * header is the authentication. Answers 400 `invalid_signature` to anything Stripe did not sign, 400
 * `invalid_payload` to a signed body that is not a Stripe event, 200 to every verified event (including ones Bloom
 * ignores or has seen), and 503 or 500 when the sync could not be done (Stripe or the table failed), so that Stripe
 * delivers the event again. Its table calls share one budget, as a route's do (docs/rules.md#outages).
 */
export const handler = withTableBudget(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      const stripeEvent = await verifyStripeEvent(event);
      const outcome = await handleStripeEvent(stripeEvent, new Date());
      return toResponse(ok({ received: true, outcome }));
    } catch (error) {
      return failure(error);
    }
  },
);
