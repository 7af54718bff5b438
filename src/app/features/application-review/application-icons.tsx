/** Icons only this screen uses, drawn the app's one way. */
import { stroke, strokeIcon } from '../../components/icons';

export const PrinterIcon = strokeIcon(
  'PrinterIcon',
  <path
    {...stroke}
    d="M6 9V2h12v7M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v8H6z"
  />,
);
export const XIcon = strokeIcon('XIcon', <path {...stroke} d="M18 6 6 18M6 6l12 12" />);
