import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { withTableBudget } from '../../aws/table-budget';
import { readCalendarFeed } from '../../calendar/feed';
import { failure } from '../../http/api-handler';
import { errorMessagesFor } from '../../http/error-messages';

/**
 * GET /api/calendar/{file}, where the file is `{token}.ics`: called by her calendar app, which cannot hold a
 * Cognito token, so no JWT authorizer: the random token in the address is the credential (docs/rules.md#calendar-feed).
 * Its table calls share one budget, as a route's do (docs/rules.md#outages).
 */
export const handler = withTableBudget(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      const body = await readCalendarFeed(event.pathParameters?.file ?? '', new Date());
      return {
        statusCode: 200,
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'inline; filename="bloom.ics"',
          // Her plan: never kept by CloudFront or a shared cache.
          'cache-control': 'private, no-store',
        },
        body,
      };
    } catch (error) {
      return failure(error, await errorMessagesFor(event.headers));
    }
  },
);
