import random, struct, sys
random.seed(int(sys.argv[1])); N=int(sys.argv[2])
def d(x): return struct.unpack('<Q', struct.pack('<d', x))[0]
def f(x): return struct.unpack('<I', struct.pack('<f', x))[0]
out=[]
def D(bits): out.append("d %016x" % bits)
def F(bits): out.append("f %08x" % bits)
spec=[0.0,-0.0,float('inf'),-float('inf'),float('nan'),1.0,0.1,100.0,1e7,1e-3,9999999.0,1e-5,2e22,1e23,5e-324,1.7976931348623157e308,2.2250738585072014e-308,0.001,0.0001,123456789.0,1e21,1e22,0.3,2.0/3,1/3.0,-1.5,12345678.9, 9007199254740992.0, 9007199254740993.0, 4.35, 2.675, 1e-7]
for x in spec:
    D(d(x))
    try: F(f(x) if x==x else 0x7fc00000)
    except OverflowError: pass
for e in range(-1074, 1024):
    b = d(2.0**e) if e > -1075 else 0
    for dd in (-1,0,1):
        if 0 < b+dd < 0x7ff0000000000000: D(b+dd)
for e in range(-149, 128):
    b = f(2.0**e)
    for dd in (-1,0,1):
        if 0 < b+dd < 0x7f800000: F(b+dd)
for e in range(-325, 309):
    try: x = float("1e%d" % e)
    except: continue
    b = d(x)
    for dd in (-2,-1,0,1,2):
        if 0 < b+dd < 0x7ff0000000000000: D(b+dd)
for e in range(-46, 39):
    x = float("1e%d" % e); 
    try: b = f(x)
    except OverflowError: continue
    for dd in (-2,-1,0,1,2):
        if 0 < b+dd < 0x7f800000: F(b+dd)
for i in range(1, 40): D(i); F(i)   # tiniest subnormals
for _ in range(N):
    D(random.getrandbits(64)); F(random.getrandbits(32))
    nd = random.randint(1,17); m = random.randint(10**(nd-1), 10**nd-1); ex = random.randint(-330, 310)
    try: D(d(float("%de%d" % (m, ex))))
    except OverflowError: pass
    nd = random.randint(1,9); m = random.randint(10**(nd-1), 10**nd-1); ex = random.randint(-50, 40)
    try: F(f(float("%de%d" % (m, ex))))
    except OverflowError: pass
    D(d(random.uniform(-1e8, 1e8))); F(f(random.uniform(-1e4,1e4)))
print("\n".join(out))
