/**
 * Failure of a transport-property evaluation. The engine throws it (never returns NaN); tool
 * runners catch it and turn `code`, `message` and `fix` into a structured error issue.
 */
/** IFT_NOT_AVAILABLE: the interface lies outside every interfacial-tension method's validity domain. */
export type TransportErrorCode = 'TRANSPORT_INVALID_INPUT' | 'TRANSPORT_NOT_FINITE' | 'TRANSPORT_OUT_OF_DOMAIN' | 'IFT_NOT_AVAILABLE';

export class TransportPropertyError extends Error {
  override readonly name = 'TransportPropertyError';
  constructor(
    readonly code: TransportErrorCode,
    message: string,
    readonly fix: string,
  ) {
    super(message);
  }
}
