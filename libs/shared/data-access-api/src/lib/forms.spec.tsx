import { renderHook, act } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from './forms';

const answer422 = { status: 422, data: { message: 'The given data was invalid.', errors: { nrc: ['Must be an NRC such as 123456/78/9.'], mobile: ['Must be a Zambian mobile.'], ticket: ['Expired.'] } } };

function form() {
  return renderHook(() => useForm({ defaultValues: { nrc: '', mobile: '', name: '' } })).result;
}

it("puts a 422's field errors on the form's fields and reports the others", () => {
  const f = form();
  let out!: ReturnType<typeof applyServerErrors>;
  act(() => {
    out = applyServerErrors(f.current, answer422);
  });
  expect(out).toEqual({ fields: ['nrc', 'mobile'], others: { ticket: 'Expired.' }, message: null });
  expect(f.current.getFieldState('nrc').error?.message).toBe('Must be an NRC such as 123456/78/9.');
  expect(f.current.getFieldState('mobile').error?.message).toBe('Must be a Zambian mobile.');
  expect(f.current.getFieldState('name').error).toBeUndefined();
});

it('takes the field list when given, and gives a form message when no field took the error', () => {
  const f = form();
  let out!: ReturnType<typeof applyServerErrors>;
  act(() => {
    out = applyServerErrors(f.current, answer422, { fields: ['name'] });
  });
  expect(out.fields).toEqual([]);
  expect(out.message).toBe('Must be an NRC such as 123456/78/9.');
});

it('gives the api message or the fallback for other failures', () => {
  const f = form();
  expect(applyServerErrors(f.current, { status: 409, data: { message: 'Already approved.' } }).message).toBe('Already approved.');
  expect(applyServerErrors(f.current, { status: 500, data: {} }, { fallback: 'Could not save.' }).message).toBe('Could not save.');
  expect(applyServerErrors(f.current, { status: 'FETCH_ERROR', error: 'x' }).message).toMatch(/Cannot reach the server/);
});
