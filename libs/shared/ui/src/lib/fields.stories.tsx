import type { Meta, StoryObj } from '@storybook/react-vite';
import { SelectField, TextAreaField, TextField } from './fields';

const meta = {
  title: 'Kit/Fields',
  component: TextField,
  args: { label: 'NRC', placeholder: '123456/78/9' },
  decorators: [(Story) => <div className="max-w-md p-4">{Story()}</div>],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = { args: { hint: 'As on the card.' } };

/** A 422's field error as applyServerErrors puts it on the field. */
export const WithError: Story = { args: { error: 'Must be an NRC such as 123456/78/9.', defaultValue: '12345' } };

export const Others: Story = {
  render: () => (
    <div className="space-y-4">
      <SelectField label="Branch" options={[{ value: 'Lusaka', label: 'Lusaka' }, { value: 'Ndola', label: 'Ndola' }]} />
      <TextAreaField label="Comment" />
    </div>
  ),
};
