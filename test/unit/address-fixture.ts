/** A valid saved address (Avenida Paulista, São Paulo/SP) as the account form and /api/addresses take it. */
export const PAULISTA = {
  receiver: 'Ana Souza',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
