// Raw material for the generated catalog (pt-BR) besides the product templates (category-data.ts): the places in
// product names, the colours, the stores and the collections.

export const PLACES = [
  'Ipanema',
  'Trancoso',
  'Noronha',
  'Jeri',
  'Paraty',
  'Búzios',
  'Maragogi',
  'Itacaré',
  'Arraial',
  'Floripa',
  'Caraíva',
  'Pipa',
  'Ilhabela',
  'Morro de São Paulo',
  'Bonito',
  'Alter do Chão',
];

export const COLORS: { slug: string; name: string; hex: string }[] = [
  { slug: 'preto', name: 'Preto', hex: '#1d1d1d' },
  { slug: 'branco', name: 'Branco', hex: '#f4f1ea' },
  { slug: 'coral', name: 'Coral', hex: '#ef6f5e' },
  { slug: 'azul-marinho', name: 'Azul-marinho', hex: '#1f3a5f' },
  { slug: 'verde-oliva', name: 'Verde-oliva', hex: '#6b7440' },
  { slug: 'terracota', name: 'Terracota', hex: '#b5562f' },
  { slug: 'lilas', name: 'Lilás', hex: '#b49bc8' },
  { slug: 'amarelo-sol', name: 'Amarelo-sol', hex: '#f2c230' },
  { slug: 'rosa-chiclete', name: 'Rosa-chiclete', hex: '#e8649a' },
  { slug: 'azul-piscina', name: 'Azul-piscina', hex: '#2fb3c6' },
  { slug: 'off-white', name: 'Off-white', hex: '#ece6d9' },
  { slug: 'vinho', name: 'Vinho', hex: '#6d1f33' },
];

export const STORES = [
  {
    key: 'fabrica',
    name: 'Centro de distribuição (fábrica)',
    city: 'São Paulo',
    state: 'SP',
    cep: '03105-000',
    address: 'Rua da Mooca, 1500',
    pickup: 0,
    whatsapp: null,
  },
  {
    key: 'sp-oscar-freire',
    name: 'Vitrine Oscar Freire',
    city: 'São Paulo',
    state: 'SP',
    cep: '01426-001',
    address: 'Rua Oscar Freire, 900',
    pickup: 1,
    whatsapp: '5511987650001',
  },
  {
    key: 'rj-ipanema',
    name: 'Vitrine Ipanema',
    city: 'Rio de Janeiro',
    state: 'RJ',
    cep: '22410-003',
    address: 'Rua Visconde de Pirajá, 350',
    pickup: 1,
    whatsapp: '5521987650002',
  },
  {
    key: 'bh-savassi',
    name: 'Vitrine Savassi',
    city: 'Belo Horizonte',
    state: 'MG',
    cep: '30140-071',
    address: 'Rua Pernambuco, 1000',
    pickup: 1,
    whatsapp: '5531987650003',
  },
  {
    key: 'fln-jurere',
    name: 'Vitrine Jurerê',
    city: 'Florianópolis',
    state: 'SC',
    cep: '88053-300',
    address: 'Avenida dos Búzios, 1200',
    pickup: 1,
    whatsapp: '5548987650004',
  },
];

/** Collections (menu slugs) and which generated products join them. */
export const COLLECTIONS: { slug: string; from: string[]; share: number }[] = [
  { slug: 'moda-praia/verao-2027', from: ['moda-praia/'], share: 0.35 },
  {
    slug: 'moda-praia/estampas-tropicais',
    from: ['moda-praia/biquinis', 'moda-praia/maios', 'moda-praia/cangas'],
    share: 0.4,
  },
  { slug: 'fitness/performance', from: ['fitness/leggings', 'fitness/tops', 'fitness/shorts'], share: 0.4 },
  { slug: 'fitness/yoga-pilates', from: ['fitness/'], share: 0.3 },
  { slug: 'moda/dia-a-dia', from: ['moda/blusas', 'moda/calcas', 'moda/conjuntos'], share: 0.5 },
  { slug: 'moda/festa', from: ['moda/vestidos', 'moda/saias'], share: 0.4 },
  { slug: 'moda/resort', from: ['moda/', 'moda-praia/saidas'], share: 0.3 },
  { slug: 'moda/mais-vendidos', from: ['moda/'], share: 0.25 },
  { slug: 'masculino/mais-vendidos', from: ['masculino/'], share: 0.3 },
  { slug: 'masculino/corrida', from: ['masculino/camisetas', 'masculino/shorts'], share: 0.6 },
  { slug: 'masculino/surf', from: ['masculino/sungas', 'masculino/bermudas-agua'], share: 0.6 },
];
