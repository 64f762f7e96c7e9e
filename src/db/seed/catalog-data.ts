/** Raw material for the generated catalog (pt-BR). Category slugs are Menu-Topo slugs. */
export interface CategoryTemplate {
  slug: string;
  noun: string;
  styles: string[];
  sizes: string[];
  /** Price range in whole reais. */
  price: [number, number];
  fabric: string;
  weight: number;
}

const ALPHA = ['PP', 'P', 'M', 'G', 'GG'];
const ALPHA_X = ['PP', 'P', 'M', 'G', 'GG', 'XGG'];
const ONE = ['Único'];

export const CATEGORIES: CategoryTemplate[] = [
  { slug: 'moda-praia/biquinis', noun: 'Biquíni', styles: ['Cortininha', 'Asa-delta', 'Hot Pant', 'Top Faixa', 'Cropped', 'Tomara que Caia', 'Lacinho', 'Meia Taça'], sizes: ALPHA, price: [159, 329], fabric: 'poliamida com elastano e proteção UV 50+', weight: 12 },
  { slug: 'moda-praia/maios', noun: 'Maiô', styles: ['Decote Profundo', 'Frente Única', 'Recortes', 'Engana-Mamãe', 'Drapeado', 'Costas Nuas'], sizes: ALPHA_X, price: [239, 429], fabric: 'poliamida com elastano, forro duplo e proteção UV 50+', weight: 7 },
  { slug: 'moda-praia/saidas', noun: 'Saída de Praia', styles: ['Kimono', 'Chemise', 'Pareô Longo', 'Vestido Crochê', 'Camisão Linho'], sizes: ['P', 'M', 'G'], price: [189, 459], fabric: 'viscose leve de toque seco', weight: 5 },
  { slug: 'moda-praia/cangas', noun: 'Canga', styles: ['Estampada', 'Franjas', 'Dupla Face'], sizes: ONE, price: [79, 149], fabric: 'viscose estampada', weight: 3 },
  { slug: 'fitness/leggings', noun: 'Legging', styles: ['Cintura Alta', 'Compressão', 'Recorte Lateral', 'Cós Duplo', 'Jacquard', 'Flare'], sizes: ALPHA_X, price: [169, 299], fabric: 'poliamida com elastano de alta compressão e toque gelado', weight: 11 },
  { slug: 'fitness/tops', noun: 'Top', styles: ['Nadador', 'Alças Cruzadas', 'Strappy', 'Sustentação Alta', 'Faixa'], sizes: ALPHA, price: [109, 199], fabric: 'poliamida com elastano e bojo removível', weight: 9 },
  { slug: 'fitness/shorts', noun: 'Shorts', styles: ['Biker', 'Saia', 'Corrida', 'Cós Alto'], sizes: ALPHA, price: [119, 189], fabric: 'tecido dry de secagem rápida', weight: 7 },
  { slug: 'fitness/macaquinhos', noun: 'Macaquinho', styles: ['Alças Finas', 'Decote V', 'Costas Abertas'], sizes: ALPHA, price: [219, 339], fabric: 'poliamida com elastano e compressão leve', weight: 4 },
  { slug: 'fitness/jaquetas', noun: 'Jaqueta', styles: ['Corta-vento', 'Moletom Zíper', 'Puffer Leve', 'Segunda Pele'], sizes: ALPHA, price: [279, 549], fabric: 'tecido técnico respirável', weight: 4 },
  { slug: 'moda/vestidos', noun: 'Vestido', styles: ['Midi Fenda', 'Longo Alças', 'Chemise', 'Tubinho', 'Ombro a Ombro'], sizes: ALPHA, price: [229, 489], fabric: 'viscose com toque de seda', weight: 8 },
  { slug: 'moda/blusas', noun: 'Blusa', styles: ['Cropped Linho', 'Regata Canelada', 'Camisa Oversized', 'Body Decote'], sizes: ALPHA, price: [99, 229], fabric: 'algodão com linho', weight: 6 },
  { slug: 'moda/saias', noun: 'Saia', styles: ['Midi Plissada', 'Envelope', 'Longa Fluida'], sizes: ['36', '38', '40', '42', '44'], price: [159, 289], fabric: 'viscose fluida', weight: 4 },
  { slug: 'moda/calcas', noun: 'Calça', styles: ['Pantalona', 'Alfaiataria', 'Cargo', 'Jogger Linho'], sizes: ['36', '38', '40', '42', '44', '46'], price: [199, 379], fabric: 'linho com viscose', weight: 5 },
  { slug: 'moda/conjuntos', noun: 'Conjunto', styles: ['Linho Praia', 'Tricô', 'Cropped e Saia'], sizes: ALPHA, price: [289, 529], fabric: 'linho lavado', weight: 3 },
  { slug: 'masculino/sungas', noun: 'Sunga', styles: ['Boxer', 'Slip', 'Estampada'], sizes: ['P', 'M', 'G', 'GG'], price: [99, 169], fabric: 'poliamida com elastano e proteção UV 50+', weight: 5 },
  { slug: 'masculino/bermudas-agua', noun: "Bermuda d'Água", styles: ['Estampada', 'Lisa', 'Surf'], sizes: ['38', '40', '42', '44', '46', '48'], price: [149, 259], fabric: 'tactel de secagem rápida', weight: 5 },
  { slug: 'masculino/camisetas', noun: 'Camiseta', styles: ['Dry Fit', 'Segunda Pele', 'Regata Treino'], sizes: ['P', 'M', 'G', 'GG'], price: [89, 169], fabric: 'poliéster reciclado dry', weight: 5 },
  { slug: 'masculino/shorts', noun: 'Shorts de Treino', styles: ['Corrida', 'Funcional', '2 em 1'], sizes: ['P', 'M', 'G', 'GG'], price: [119, 199], fabric: 'tecido leve com bolso interno', weight: 4 },
  { slug: 'acessorios/bolsas', noun: 'Bolsa de Praia', styles: ['Palha', 'Tela', 'Tiracolo'], sizes: ONE, price: [129, 299], fabric: 'palha natural com forro', weight: 3 },
  { slug: 'acessorios/chapeus', noun: 'Chapéu', styles: ['Panamá', 'Bucket', 'Viseira'], sizes: ONE, price: [89, 219], fabric: 'palha trançada', weight: 3 },
  { slug: 'acessorios/oculos', noun: 'Óculos de Sol', styles: ['Gatinho', 'Redondo', 'Aviador'], sizes: ONE, price: [159, 349], fabric: 'acetato com lentes UV400', weight: 3 },
  { slug: 'acessorios/garrafas', noun: 'Garrafa Térmica', styles: ['500 ml', '750 ml'], sizes: ONE, price: [79, 149], fabric: 'aço inox de parede dupla', weight: 2 },
  { slug: 'acessorios/cartao-presente', noun: 'Cartão Presente', styles: ['Digital', 'Embalagem Presente'], sizes: ['R$ 100', 'R$ 200', 'R$ 500'], price: [100, 100], fabric: 'crédito válido por 12 meses no site e nas lojas', weight: 1 },
  { slug: 'acessorios/meias', noun: 'Meia Esportiva', styles: ['Cano Curto', 'Cano Médio', 'Kit 3 Pares'], sizes: ['34-38', '39-43'], price: [39, 89], fabric: 'algodão com elastano e cano anatômico', weight: 2 },
];

export const PLACES = ['Ipanema', 'Trancoso', 'Noronha', 'Jeri', 'Paraty', 'Búzios', 'Maragogi', 'Itacaré', 'Arraial', 'Floripa', 'Caraíva', 'Pipa', 'Ilhabela', 'Morro de São Paulo', 'Bonito', 'Alter do Chão'];

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
  { key: 'fabrica', name: 'Centro de distribuição (fábrica)', city: 'São Paulo', state: 'SP', cep: '03105-000', address: 'Rua da Mooca, 1500', pickup: 0, whatsapp: null },
  { key: 'sp-oscar-freire', name: 'Vitrine Oscar Freire', city: 'São Paulo', state: 'SP', cep: '01426-001', address: 'Rua Oscar Freire, 900', pickup: 1, whatsapp: '5511987650001' },
  { key: 'rj-ipanema', name: 'Vitrine Ipanema', city: 'Rio de Janeiro', state: 'RJ', cep: '22410-003', address: 'Rua Visconde de Pirajá, 350', pickup: 1, whatsapp: '5521987650002' },
  { key: 'bh-savassi', name: 'Vitrine Savassi', city: 'Belo Horizonte', state: 'MG', cep: '30140-071', address: 'Rua Pernambuco, 1000', pickup: 1, whatsapp: '5531987650003' },
  { key: 'fln-jurere', name: 'Vitrine Jurerê', city: 'Florianópolis', state: 'SC', cep: '88053-300', address: 'Avenida dos Búzios, 1200', pickup: 1, whatsapp: '5548987650004' },
];

/** Collections (menu slugs) and which generated products join them. */
export const COLLECTIONS: { slug: string; from: string[]; share: number }[] = [
  { slug: 'moda-praia/verao-2027', from: ['moda-praia/'], share: 0.35 },
  { slug: 'moda-praia/estampas-tropicais', from: ['moda-praia/biquinis', 'moda-praia/maios', 'moda-praia/cangas'], share: 0.4 },
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
