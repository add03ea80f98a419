import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Kit/Button',
  component: Button,
  args: { children: 'Save', variant: 'primary', onClick: fn() },
  argTypes: { variant: { control: 'select', options: ['primary', 'secondary', 'danger', 'success', 'ghost'] } },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Every variant side by side, as the toolbar's light/dark shows them. */
export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-2 p-4">
      {(['primary', 'secondary', 'danger', 'success', 'ghost'] as const).map((v) => (
        <Button key={v} {...args} variant={v}>
          {v}
        </Button>
      ))}
    </div>
  ),
};

/** Busy: it shows progress and cannot be pressed twice. */
export const Loading: Story = { args: { loading: true } };

export const Disabled: Story = { args: { disabled: true } };
