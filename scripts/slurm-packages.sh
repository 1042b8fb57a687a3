# Sourced by scripts/slurm-cluster.sh and .ci/run: Debian's packages of a one-node Slurm
# cluster, and the commands that show them installed (one list for both).
# shellcheck disable=SC2034  # used by the scripts that source this one
slurm_packages=(slurmctld slurmd slurm-client munge)
slurm_commands=(slurmctld slurmd sbatch munged mungekey)
# Succeeds when some command of the cluster is missing.
slurm_missing() {
    local c
    for c in "${slurm_commands[@]}"; do
        command -v "$c" >/dev/null 2>&1 || return 0
    done
    return 1
}
