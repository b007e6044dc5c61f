import { errorMessages } from '../../errors.ts';

/** The API's refusals by their code, as the web app shows them: the API's own English words (packages/contract/src/errors.ts). */
export default errorMessages;
