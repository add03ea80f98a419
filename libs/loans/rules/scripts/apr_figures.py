# Independent figures for apr.spec.ts: schedules by the written rules, IRR by bisection in Decimal.
from decimal import Decimal as D, getcontext, ROUND_HALF_UP, ROUND_CEILING, ROUND_FLOOR
getcontext().prec = 60
C = D('0.01')
def r2(x): return x.quantize(C, ROUND_HALF_UP)
def flat(P, rate, n, cap=D(0)):
    I = r2(P*rate/100*n); T = P+I+cap
    inst = (T/n).quantize(C, ROUND_CEILING)
    return [inst]*(n-1) + [T-inst*(n-1)]
def declining(P, rate, n, cap=D(0)):
    r = rate/100
    pay = r2(P*r/(1-(1+r)**(-n)))
    out = P; res = []
    f = (cap/n).quantize(C, ROUND_FLOOR); fees=[f]*(n-1)+[cap-f*(n-1)]
    for k in range(n):
        i = r2(out*r); p = out if k == n-1 else pay - i
        res.append(p+i+fees[k]); out -= p
    return res
def irr(p0, inst):
    lo, hi = D('-0.5'), D('2')
    f = lambda r: p0 - sum(a/(1+r)**(k+1) for k, a in enumerate(inst))
    for _ in range(200):
        m = (lo+hi)/2
        if f(m) > 0: hi = m   # npv increases with r
        else: lo = m
    return (lo+hi)/2
cases = [
  ('flat 4% 10000 x6, no fees', D(10000), flat(D(10000), D(4), 6)),
  ('flat 5% 5000 x12, 3% deducted', D(5000)-r2(D(5000)*D('0.03')), flat(D(5000), D(5), 12)),
  ('declining 4% 10000 x12, no fees', D(10000), declining(D(10000), D(4), 12)),
  ('declining 3.5% 20000 x24, 2.5% deducted + 150.00 capitalised', D(20000)-D(500), declining(D(20000), D('3.5'), 24, D(150))),
  ('flat 4% 8000 x3, 200.00 upfront + 1% capitalised', D(8000)-D(200), flat(D(8000), D(4), 3, D(80))),
]
for name, p0, inst in cases:
    m = irr(p0, inst)
    print(name, '| first', inst[0], 'last', inst[-1], 'sum', sum(inst), '| irr', round(m, 12), 'apr', round(m*12, 12), 'ear', round((1+m)**12-1, 12))
