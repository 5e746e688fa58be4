import qa, oracle
from fractions import Fraction as F
def vfq(z0, z1, xy=(0,0)):
    a,b,c=[F(-4),F(-4),F(0)],[F(4),F(-4),F(0)],[F(0),F(4),F(0)]
    return [[F(xy[0]),F(xy[1]),F(z0)],a,b,c,[F(xy[0]),F(xy[1]),F(z1)],a,b,c]
qs=[]
for (z0,z1) in [(F(1,2**20),-F(2)**60),(F(1),-F(2)**80),(F(1,2**1074),-F(1)),(F(1,2**1074),-F(2)**900),(F(2)**900,-F(1,2**1074)),
                (F(1),-(F(2)**53-1)), (F(3),-F(2)**70), (F(2)**-1022, -F(2)**-1074), (F(2)**-1074, -F(2)**-1074*3)]:
    qs.append(vfq(z0,z1))
qa.write_csv('crafted_vf.csv',qs)
j=qa.run_judge('crafted_vf.csv','vf')
for q,jj in zip(qs,j):
    ok,msg,res=qa.check_one(q,'vf',jj)
    print(ok, msg, jj[0], float(jj[1]) if jj[1] is not None else None, float(jj[2]) if jj[2] is not None else None, qa.toi_str(res[1]))
