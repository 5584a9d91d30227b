#!/usr/bin/env bash
# Runs Docs/scale-out.md's Slurm section as printed on a one-node Slurm cluster on localhost, and
# compares the merged result with a single export byte for byte. Two array tasks fail on
# purpose (a `wallpaper` in front of the real one on PATH exits 1 for tasks 3 and 5 until it is
# told otherwise), so the doc's recovery is run too, once for both: the merge must sit at
# DependencyNeverSatisfied, and the recovery block (cancel it, requeue both tasks, one merge
# after both) must give the bytes of a single export. Started and stopped here:
# munged, slurmctld and slurmd (Debian's munge, slurmctld, slurmd, slurm-client), each with its
# own socket, ports, state and logs in a scratch folder, stopped by PID on exit.
#
# Usage: slurm-docs.sh WALLPAPER_BINARY DOCS/scale-out.md DESIGN.json…
# Needs root (slurmd runs jobs as the submitting user; munged runs as the `munge` user).
# Prints "slurm: N files identical to a single export" and exits 0, or names what differs.
set -euo pipefail
binary="$(realpath "$1")"
doc="$(realpath "$2")"
shift 2
scratch="$(mktemp -d /tmp/slurm-docs.XXXXXX)"
chmod 755 "$scratch"  # munged, as the munge user, reaches its socket folder inside
pids=()
# descendants PID: PID and every process under it (slurmctld forks slurmscriptd, slurmd a
# slurmstepd per job step).
descendants() {
  echo "$1"
  for child in $(pgrep -P "$1"); do descendants "$child"; done
}
stop() {
  if [ -n "${SLURM_CONF:-}" ] && [ -f "$SLURM_CONF" ]; then scancel --quiet --user=root 2>/dev/null || true; fi
  # Newest first: slurmd (and its job steps), slurmctld (and slurmscriptd), munged.
  local all=()
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do all+=($(descendants "${pids[$i]}")); done
  for pid in "${all[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${all[@]}"; do
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  wait "${pids[@]}" 2>/dev/null || true  # reaps the daemons this script started
  # Wait for the killed ones to be gone from the process table too.
  for pid in "${all[@]}"; do
    for _ in $(seq 50); do [ -e "/proc/$pid" ] || break; sleep 0.1; done
  done
  rm -rf "$scratch"
}
trap stop EXIT
trap 'exit 1' TERM INT HUP

# munge, with its own socket and key copy, as the munge user.
install -d -o munge -m 0755 "$scratch/munge"
install -o munge -m 0400 /etc/munge/munge.key "$scratch/munge/munge.key"
runuser -u munge -- /usr/sbin/munged --foreground --socket="$scratch/munge/socket" \
  --key-file="$scratch/munge/munge.key" --pid-file="$scratch/munge/pid" --log-file="$scratch/munge/log" \
  --seed-file="$scratch/munge/seed" >"$scratch/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -S "$scratch/munge/socket" ] && break; sleep 0.1; done
if [ ! -S "$scratch/munge/socket" ]; then
  echo "slurm: munged did not start:" >&2
  tail -n 3 "$scratch/munged.out" >&2
  exit 1
fi

cores=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024) - 256 }' /proc/meminfo)  # MiB, a little under the real total
mkdir -p "$scratch/state" "$scratch/spool"
cat >"$scratch/slurm.conf" <<CONF
ClusterName=docs
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$scratch/munge/socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/slurmctld.log
SlurmdLogFile=$scratch/slurmd.log
NodeName=localhost NodeHostname=$(hostname -s) NodeAddr=127.0.0.1 CPUs=$cores RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$scratch/slurm.conf"
/usr/sbin/slurmctld -D -i -f "$SLURM_CONF" >"$scratch/slurmctld.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do scontrol ping 2>/dev/null | grep -q UP && break; sleep 0.2; done
/usr/sbin/slurmd -D -N localhost -f "$SLURM_CONF" >"$scratch/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do sinfo -h -o %T 2>/dev/null | grep -qE 'idle|unknown|down' && break; sleep 0.2; done
scontrol update nodename=localhost state=resume 2>/dev/null || true
for _ in $(seq 100); do sinfo -h -o %T | grep -q idle && break; sleep 0.2; done

# The catalogue, and the doc's two blocks as printed.
catalogue="$scratch/catalogue"
mkdir -p "$catalogue/designs"
cp "$@" "$catalogue/designs/"
/usr/bin/python3 - "$doc" "$catalogue" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
slurm = text[text.index("### Slurm: array job"):]
blocks = re.findall(r"```bash\n(.*?)```", slurm, re.S)
open(sys.argv[2] + "/catalogue.sbatch", "w").write(blocks[0])
open(sys.argv[2] + "/submit.sh", "w").write(blocks[1])
open(sys.argv[2] + "/recover.sh", "w").write(blocks[2])
PY
# A node that fails tasks 3 and 5 once: a `wallpaper` ahead of the real one on PATH (sbatch
# passes the submitting shell's environment on).
mkdir -p "$scratch/flaky"
touch "$scratch/flaky/fail-tasks"
cat >"$scratch/flaky/wallpaper" <<SHIM
#!/bin/bash
case "\${SLURM_ARRAY_TASK_ID:-}" in 3 | 5) failing=1 ;; *) failing=0 ;; esac
if [ "\$failing" = 1 ] && [ -e "$scratch/flaky/fail-tasks" ]; then
  echo "slurm-docs: task \$SLURM_ARRAY_TASK_ID fails on purpose" >&2
  exit 1
fi
exec "$binary" "\$@"
SHIM
chmod 755 "$scratch/flaky/wallpaper"
export PATH="$scratch/flaky:$PATH"
cd "$catalogue"
# wait_for CONDITION SECONDS: polls the shell condition every 0.2 s.
wait_for() {
  for _ in $(seq $(($2 * 5))); do eval "$1" && return 0; sleep 0.2; done
  return 1
}
queue_report() {
  echo "slurm: $1: $(squeue -h -o '%i %j %T %r' | tr '\n' ';')" >&2
  tail -n 5 "$scratch"/*.out logs/* >&2 || true
  exit 1
}
# The submitting shell has no SOURCE_DATE_EPOCH: the merge must not need it.
env -u SOURCE_DATE_EPOCH bash -euo pipefail -c "$(cat submit.sh)
echo \"\$jid\" > array.id"
jid=$(cat array.id)
# Every task ends (tasks 3 and 5 failed); the merge stays pending and says why.
wait_for '[ "$(squeue -h -j "$jid" -o %i | wc -l)" = 0 ]' 300 || queue_report "the array did not finish"
merge=$(squeue -h -n wallpaper-merge -o %i)
wait_for '[ "$(squeue -h -j "$merge" -o %r)" = DependencyNeverSatisfied ]' 60 ||
  queue_report "the merge is not waiting on a failed dependency"
[ ! -f out/manifest.json ] || { echo "slurm: merged although tasks 3 and 5 failed" >&2; exit 1; }
echo "slurm: tasks 3 and 5 failed, merge $merge pending (DependencyNeverSatisfied)"
# The doc's recovery block as printed, once, its first line naming this array and tasks 3 and 5.
rm "$scratch/flaky/fail-tasks"
grep -q '^jid=1234 tasks="5 9" ' recover.sh || { echo "slurm: the recovery block's first line changed" >&2; exit 1; }
requeued=$(date +%s)
env -u SOURCE_DATE_EPOCH bash -euo pipefail -c "$(sed "1s/^jid=1234 tasks=\"5 9\" /jid=$jid tasks=\"3 5\" /" recover.sh)"
# The one merge waits for both requeued tasks: it must not start while either is still queued.
merge=$(squeue -h -n wallpaper-merge -o %i)
[ -n "$merge" ] || { echo "slurm: the recovery block submitted no merge" >&2; exit 1; }
echo "slurm: merge $merge depends on $(scontrol show job "$merge" | grep -o 'Dependency=[^ ]*')"
wait_for '[ -z "$(squeue -h -o %i)" ]' 400 || queue_report "jobs still queued after the requeue"
if [ ! -f out/manifest.json ]; then
  echo "slurm: no merged manifest after the requeue; logs:" >&2
  tail -n 5 logs/* >&2 || true
  exit 1
fi
echo "slurm: tasks 3 and 5 requeued and merged $(($(date +%s) - requeued)) s after the requeue"

# The same catalogue in one run, with the tasks' date.
SOURCE_DATE_EPOCH=$(sed -n 's/^export SOURCE_DATE_EPOCH=//p' catalogue.sbatch) \
  "$binary" export designs --out single --quiet
rm -f out/manifest.shard-*-of-*.json
if ! diff -r single out >"$scratch/diff" 2>&1; then
  echo "slurm: the merged export differs from a single run:" >&2
  head -n 5 "$scratch/diff" >&2
  exit 1
fi
echo "slurm: $(find out -type f | wc -l) files identical to a single export"
