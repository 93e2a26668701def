import { ErrorResponses } from '@plateau/contract';

/** Error answers every video route may give (documented in OpenAPI). */
export const errorResponses = ErrorResponses;
