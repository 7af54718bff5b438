/**
 * A password input with a show/hide button. The button stays in the tab order (unlike
 * Chakra's snippet) so that keyboard users can check what they typed, and says its state
 * with aria-pressed.
 */
import { IconButton, Input, type InputProps, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../components/icons';

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
