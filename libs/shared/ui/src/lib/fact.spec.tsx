import { render } from '@testing-library/react';
import axe from 'axe-core';
import { Fact } from './fact';

it('renders a term and its value in the one wrapper a <dl> allows, wide items included, with no definition-list finding', async () => {
  const { container } = render(
    <dl className="grid sm:grid-cols-2">
      <Fact label="Typed name">Mwila Banda</Fact>
      <Fact
        label="SHA-256 of the signed content"
        mono
        className="sm:col-span-2"
      >
        {'a'.repeat(64)}
      </Fact>
    </dl>,
  );
  const dl = container.querySelector('dl') as HTMLDListElement;
  const items = Array.from(dl.children);
  expect(items.map((el) => el.tagName)).toEqual(['DIV', 'DIV']);
  for (const item of items)
    expect(Array.from(item.children).map((el) => el.tagName)).toEqual([
      'DT',
      'DD',
    ]);
  expect(items[1]).toHaveClass('sm:col-span-2');
  expect(items[1].querySelector('dd')).toHaveClass('font-mono');

  const result = await axe.run(container, {
    runOnly: ['definition-list', 'dlitem'],
  });
  expect(result.violations.map((v) => v.id)).toEqual([]);
});

it('axe here does find a Fact wrapped once more inside the list (the markup this piece replaces)', async () => {
  const { container } = render(
    <dl>
      <div className="sm:col-span-2">
        <Fact label="Signature">—</Fact>
      </div>
    </dl>,
  );
  const result = await axe.run(container, {
    runOnly: ['definition-list', 'dlitem'],
  });
  expect(result.violations.map((v) => v.id).sort()).toEqual([
    'definition-list',
    'dlitem',
  ]);
});
