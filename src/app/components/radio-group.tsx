/**
 * A radio group drawn with Chakra's own radioGroup recipe on native radio inputs, without
 * Ark's state machine (~9 KiB gzip with its runtime, on the pricing page's first load:
 * decision 027). The browser gives the keyboard behaviour of a radio group (Tab into the
 * group, arrow keys move and choose) and says each choice's state. Same parts and props as
 * Chakra's RadioGroup where the app used them: Root (value, onValueChange), Label, Item,
 * ItemIndicator, ItemText; Chakra's ItemHiddenInput is part of Item here.
 */
import { chakra, createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps } from '@chakra-ui/react';
import { createContext, type ReactNode, useContext, useId } from 'react';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'radioGroup' });

const StyledRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & SlotRecipeProps<'radioGroup'>>('div', 'root');
const StyledLabel = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'label');
const StyledItem = withContext<HTMLLabelElement, HTMLChakraProps<'label'>>('label', 'item');
const StyledItemText = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'itemText');
const StyledItemControl = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'itemControl');

interface GroupState {
  name: string;
  value: string | null;
  labelId: string;
  onValueChange: (details: { value: string }) => void;
}

const GroupContext = createContext<GroupState | null>(null);
const ItemContext = createContext<{ checked: boolean }>({ checked: false });

function useGroup(): GroupState {
  const group = useContext(GroupContext);
  if (!group) throw new Error('RadioGroup parts must be inside RadioGroup.Root');
  return group;
}

/** The recipe's checked styles key on data-state, as on Ark's parts. */
function stateOf(checked: boolean) {
  return { 'data-state': checked ? 'checked' : 'unchecked' } as const;
}

type RootProps = Omit<HTMLChakraProps<'div'> & SlotRecipeProps<'radioGroup'>, 'onChange' | 'defaultValue'> & {
  /** The chosen value; null or '' while none is chosen. */
  value: string | null;
  onValueChange: (details: { value: string }) => void;
  children: ReactNode;
};

function Root({ value, onValueChange, children, ...rest }: RootProps) {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <GroupContext.Provider value={{ name, value: value === '' ? null : value, labelId, onValueChange }}>
      <StyledRoot role="radiogroup" aria-labelledby={labelId} {...rest}>
        {children}
      </StyledRoot>
    </GroupContext.Provider>
  );
}

function Label(props: HTMLChakraProps<'div'>) {
  return <StyledLabel id={useGroup().labelId} {...props} />;
}

function Item({ value, children, ...rest }: HTMLChakraProps<'label'> & { value: string }) {
  const group = useGroup();
  const checked = group.value === value;
  return (
    <ItemContext.Provider value={{ checked }}>
      <StyledItem {...stateOf(checked)} {...rest}>
        <chakra.input
          type="radio"
          name={group.name}
          value={value}
          checked={checked}
          onChange={() => group.onValueChange({ value })}
          srOnly
          // The drawn circle beside it shows where the keyboard is.
          css={{
            '&:focus-visible + *': {
              outline: '2px solid',
              outlineColor: 'colorPalette.focusRing',
              outlineOffset: '2px',
            },
          }}
        />
        {children}
      </StyledItem>
    </ItemContext.Provider>
  );
}

/** The drawn circle (the input itself is hidden, right before it). */
function ItemIndicator(props: HTMLChakraProps<'span'>) {
  const { checked } = useContext(ItemContext);
  return (
    <StyledItemControl aria-hidden="true" {...stateOf(checked)} {...props}>
      {checked && <span className="dot" />}
    </StyledItemControl>
  );
}

export const RadioGroup = { Root, Label, Item, ItemIndicator, ItemText: StyledItemText };
