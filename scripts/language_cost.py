"""What Spanish costs a move answer: the same bot moves of the four games answered in English and in Spanish,
interleaved, measured in process CPU time (not wall time, so other work on the machine skews it less), and the
compressed size of each answer. Run: .venv/bin/python scripts/language_cost.py (issue #16; docs/PERFORMANCE.md)."""
import os, tempfile, time, gzip
os.environ["ALLOWED_HOSTS"]="testserver"
from fastapi.testclient import TestClient
from app.config import Settings
from app.main import create_app
from games.registry import get_engine
from games.engine import Rng
d=tempfile.mkdtemp()
app=create_app(Settings(database_url=f"sqlite:///{d}/t.db", auth_mode="single"))
HX={"HX-Request":"true"}
tot={"en":0.0,"es":0.0}; size={"en":[], "es":[]}
with TestClient(app) as c:
  for slug in ["adamastor","nemos_war","platformer","call_to_adventure"]:
    for rep in range(3):
      seed=100+rep
      sids={}
      for lang in ("en","es"):
        sv=c.post("/api/sessions", json={"game":slug,"seed":seed}).json(); sids[lang]=[sv["id"], sv["version"]]
      e=get_engine(slug); st=e.new_game(seed, e.spec.normalize_options(None)); rng=Rng.from_seed(seed)
      per={"en":0.0,"es":0.0}
      for i in range(40):
        if e.status(st).over: break
        a=e.bots["heuristic"].choose(e,st,e.legal_actions(st),rng); st,_=e.apply(st,a)
        for lang in (("en","es") if i%2 else ("es","en")):
          sid,ver=sids[lang]
          t=time.process_time()
          r=c.post(f"/play/{sid}/act", data={"action":a,"version":str(ver)}, headers={**HX,"Accept-Language":lang})
          per[lang]+=time.process_time()-t
          assert r.status_code==200, r.text[:200]
          size[lang].append(len(gzip.compress(r.content,6)))
          sids[lang][1]=ver+1
      for k in per: tot[k]+=per[k]
    print(slug, {k: round(v,2) for k,v in tot.items()})
print("total CPU s", tot, f"es/en = {tot['es']/tot['en']:.3f}")
print("max gz bytes", {k:max(v) for k,v in size.items()}, "mean", {k: sum(v)//len(v) for k,v in size.items()})
