import { ErrorBody } from '@plateau/contract';

/** Error answers every video route may give (documented in OpenAPI). */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
};
