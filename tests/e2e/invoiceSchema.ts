/** The sample invoice's fields as a reviewer would ask for them: what the extract tests send. */
export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    total: { type: 'string', description: 'Total' },
    due_date: { type: 'string', description: 'Due date' },
  },
};
