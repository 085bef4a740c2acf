import assert from 'node:assert/strict';
import { test } from 'node:test';

import { fieldProblem } from '../../Public/js/components/prechat.js';

test('a required field left empty is refused, an optional one is not', () => {
  assert.deepEqual(fieldProblem({ required: true, type: 'text' }, ''), { key: 'prechatRequired' });
  assert.deepEqual(fieldProblem({ required: true, type: 'department' }, ''), { key: 'prechatDepartmentNeeded' });
  assert.equal(fieldProblem({ required: false, type: 'email' }, ''), null);
  assert.equal(fieldProblem({ required: true, type: 'question' }, 'Hello'), null);
});

test('an e-mail needs a name, an @ and a domain with a dot', () => {
  assert.equal(fieldProblem({ type: 'email' }, 'ann@example.com'), null);
  for (const bad of ['ann at example', 'ann@example', '@example.com', 'a b@example.com']) {
    assert.deepEqual(fieldProblem({ type: 'email' }, bad), { key: 'prechatEmailInvalid' }, bad);
  }
});

test('a phone takes digits and + ( ) - . spaces; a mask fixes how many digits', () => {
  assert.equal(fieldProblem({ type: 'phone' }, '+1 (555) 010-0100'), null);
  assert.deepEqual(fieldProblem({ type: 'phone' }, 'call me'), { key: 'prechatPhoneInvalid' });
  assert.deepEqual(fieldProblem({ type: 'phone' }, '1234'), { key: 'prechatPhoneInvalid' });
  const masked = { type: 'phone', mask: '+9 999 999-99-99' };
  assert.equal(fieldProblem(masked, '+7 900 123-45-67'), null);
  assert.equal(fieldProblem(masked, '79001234567'), null);
  assert.deepEqual(fieldProblem(masked, '+7 900'), { key: 'prechatMaskInvalid', vars: { mask: '+9 999 999-99-99' } });
});
