// What specs of any lib may use of the kit's test stand-ins (`@loan/shared-ui/testing`).
export { padState } from './signature-pad-mock';
