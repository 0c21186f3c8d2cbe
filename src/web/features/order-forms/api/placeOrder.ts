import { postOrderResponseSchema } from '../../../../contract/order';
import type { ImportOrderRequest } from '../../../../contract/orderImport';
import type { CreateOrderRequest } from '../../../../contract/orderRequest';
import type {
  CreateTestkitOrderRequest,
  RegisterTestkitRequest,
} from '../../../../contract/testkit';
import { apiRequest, labPath } from '../../../shared/api/client';

const post = async (path: string, body: unknown, key: string) =>
  postOrderResponseSchema.parse(
    await apiRequest(labPath(path), {
      method: 'POST',
      body,
      headers: { 'x-idempotency-key': key },
    }),
  );

/** POST /v3/order with the attempt's idempotency key. */
export const createOrder = (request: CreateOrderRequest, key: string) =>
  post('/v3/order', request, key);

export const createTestkitOrder = (request: CreateTestkitOrderRequest, key: string) =>
  post('/v3/order/testkit', request, key);

export const registerTestkit = (request: RegisterTestkitRequest, key: string) =>
  post('/v3/order/testkit/register', request, key);

/** POST /v3/order/import: an order placed outside the API, with the lab's sample id. */
export async function importOrder(request: ImportOrderRequest) {
  return postOrderResponseSchema.parse(
    await apiRequest(labPath('/v3/order/import'), { method: 'POST', body: request }),
  );
}
