/**
 * A password input with a show/hide button. The button stays in the tab order (unlike
 * Chakra's snippet) so that keyboard users can check what they typed, and says its state
 * with aria-pressed.
 */
import { createIcon, IconButton, Input, type InputProps, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const EyeIcon = createIcon({
  displayName: 'EyeIcon',
  path: (
    <g {...stroke}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </g>
  ),
});

const EyeOffIcon = createIcon({
  displayName: 'EyeOffIcon',
  path: <path {...stroke} d="m2 2 20 20M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.4 3.3M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
});

export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [isVisible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          me="-2"
          aria-label="Show password"
          aria-pressed={isVisible}
          onClick={() => setVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input {...props} type={isVisible ? 'text' : 'password'} />
    </InputGroup>
  );
}
