/** Deterministic demo people: the same names on every machine, so tests and screenshots agree. */
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
];

export interface DemoPerson {
  account: string;
  name: string;
  gender: 'male' | 'female';
  mobile: string;
  email: string;
}

export function demoPeople(count: number): DemoPerson[] {
  const out: DemoPerson[] = [];
  for (let i = 0; i < count; i++) {
    const name = SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length];
    const n = String(i + 1).padStart(4, '0');
    out.push({
      account: `user${n}`,
      name,
      gender: i % 3 === 1 ? 'female' : 'male',
      mobile: `139${String(10000000 + i * 7919).slice(-8)}`,
      email: `user${n}@demo.example.cn`,
    });
  }
  return out;
}
