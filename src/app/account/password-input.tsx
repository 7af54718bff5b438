/**
 * A password input with a show/hide button. The button stays in the tab order (unlike
 * Chakra's snippet) so that keyboard users can check what they typed, and says its state
 * with aria-pressed. Its label and states come from the PlainField it is drawn in.
 */
import { IconButton, type InputProps, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../components/icons';
import { TextInput } from '../components/plain-field';

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
      <TextInput {...props} type={isVisible ? 'text' : 'password'} />
    </InputGroup>
  );
}
