package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.peer.RunFiles;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.AgentAction;
import org.maestro.reporter.ReportException;

/**
 * The files of one test iteration ({@code <results>/<test>/<iteration>/}) as the reporter reads them: the runner's
 * roster, one {@link PeerDirectory} per peer with its rate rows, the agents' actions and the verdicts recorded beside
 * them. What cannot be read becomes a warning, in the order it was found ({@link #warnings()}); the analysis adds its
 * own to the same list. Not thread-safe.
 */
public final class IterationFiles {
    private final Path dir;
    private final List<PeerDirectory> peers = new ArrayList<>();
    private final Map<PeerDirectory, List<RateLog.Row>> rates = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private Roster roster;
    private ClockReadings clocks = new ClockReadings(ClockReadings.FORMAT_VERSION, null, List.of());

    private IterationFiles(Path dir) {
        this.dir = dir;
    }

    /**
     * Reads the roster, the peer directories and their rate files of {@code <results>/<test>/<iteration>/}.
     *
     * @throws ReportException when it is not a directory or holds no peer directory
     */
    public static IterationFiles open(Path iterationDir) {
        Path dir = iterationDir.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new ReportException(iterationDir + " is not a directory; expected a test iteration directory "
                    + "<results>/<test-name>/<iteration>/ holding one directory per peer");
        }
        if (ResultsLayout.peerDirectories(dir).isEmpty()) {
            throw new ReportException(iterationDir + " holds no peer directory; expected a test iteration "
                    + "directory <results>/<test-name>/<iteration>/ with <peer-name>@<host>/ directories of peer files "
                    + "(test.properties, rate.csv, *.hlog, peer-result.json)");
        }
        IterationFiles files = new IterationFiles(dir);
        files.read();
        return files;
    }

    private void read() {
        try {
            roster = Roster.read(dir).orElse(null);
        } catch (IOException e) {
            warnings.add(e.getMessage());
        }
        if (roster != null) {
            warnings.addAll(roster.refusals());
        }
        try {
            ClockReadings.read(dir).ifPresent(readings -> clocks = readings);
        } catch (IOException e) {
            warnings.add(e.getMessage());
        }
        for (Path peerDir : ResultsLayout.peerDirectories(dir)) {
            PeerDirectory peer = PeerDirectory.open(peerDir);
            peers.add(peer);
            warnings.addAll(peer.problems());
            peer.file(PeerDirectory.RATE).ifPresent(file -> {
                try {
                    rates.put(peer, RateLog.read(file));
                } catch (IOException e) {
                    warnings.add(e.getMessage());
                }
            });
        }
    }

    /**
     * The files of some of the peers only, as if the iteration held no other (a flow's): their rate rows and the
     * clock readings, without the runner's roster (it does not say which peer was whose) and with warnings of its own.
     */
    public IterationFiles only(Predicate<PeerDirectory> keep) {
        IterationFiles part = new IterationFiles(dir);
        part.clocks = clocks;
        for (PeerDirectory peer : peers) {
            if (keep.test(peer)) {
                part.peers.add(peer);
                if (rates.containsKey(peer)) {
                    part.rates.put(peer, rates.get(peer));
                }
            }
        }
        return part;
    }

    /** The iteration directory, absolute. */
    public Path dir() {
        return dir;
    }

    /** The test's name: the name of the iteration directory's parent. */
    public String testName() {
        return dir.getParent().getFileName().toString();
    }

    /** The iteration number: the directory's name, else the peers' {@code test.iteration}, else 0. */
    public int iterationNumber() {
        String name = dir.getFileName().toString();
        if (ResultsLayout.isIterationName(name)) {
            return Integer.parseInt(name);
        }
        for (PeerDirectory peer : peers) {
            String value = peer.testProperties().get("test.iteration");
            if (value != null && ResultsLayout.isIterationName(value.trim())) {
                return Integer.parseInt(value.trim());
            }
        }
        return 0;
    }

    /** Every peer directory, in directory order. */
    public List<PeerDirectory> peers() {
        return peers;
    }

    /** The peers of a role. */
    public List<PeerDirectory> peers(Role role) {
        return peers.stream().filter(p -> p.role() == role).toList();
    }

    /** The rate rows of every peer whose rate file could be read. */
    public Map<PeerDirectory, List<RateLog.Row>> rates() {
        return rates;
    }

    /** The rate rows of the peers of a role, by peer name. */
    public Map<String, List<RateLog.Row>> ratesOf(Role role) {
        Map<String, List<RateLog.Row>> result = new LinkedHashMap<>();
        rates.forEach((peer, rows) -> {
            if (peer.role() == role) {
                result.put(peer.name(), rows);
            }
        });
        return result;
    }

    /** The peers of the runner's roster; empty without one. */
    public List<Roster.Entry> rosterPeers() {
        return roster == null ? List.of() : roster.peers();
    }

    /** The roster's entry of a peer, known by its directory's name (the runner's qualified name). */
    public Optional<Roster.Entry> rosterEntry(PeerDirectory peer) {
        String directory = peer.dir().getFileName().toString();
        return rosterPeers().stream()
                .filter(entry -> entry.name().equals(directory))
                .findFirst();
    }

    /** The roster's peers that have no directory here: their files never arrived. */
    public List<Roster.Entry> absentPeers() {
        Set<String> present =
                peers.stream().map(p -> p.dir().getFileName().toString()).collect(Collectors.toSet());
        return rosterPeers().stream()
                .filter(entry -> !present.contains(entry.name()))
                .toList();
    }

    /** The agents' actions, by start time; an unreadable file is a warning. */
    public List<AgentAction> readActions() {
        List<AgentAction> actions = new ArrayList<>();
        for (PeerDirectory peer : peers) {
            peer.file(PeerDirectory.AGENT_ACTIONS).ifPresent(file -> {
                try {
                    actions.addAll(AgentActionsFile.read(file, peer.name()));
                } catch (IOException e) {
                    warnings.add(e.getMessage());
                }
            });
        }
        actions.sort((a, b) -> Long.compare(a.startMillis(), b.startMillis()));
        return actions;
    }

    /** A verdict the runner or the script recorded in the iteration directory, or null; an unreadable one warns. */
    public VerdictFile recorded(String fileName) {
        try {
            return VerdictFile.read(dir, fileName).orElse(null);
        } catch (IOException e) {
            warnings.add(e.getMessage());
            return null;
        }
    }

    /** The runner's run id of the iteration, else the run id the peers' test.properties name; null when none. */
    public String runId() {
        VerdictFile runner = recorded(VerdictFile.RUNNER);
        if (runner != null && runner.runId() != null) {
            return runner.runId();
        }
        Set<String> named = new LinkedHashSet<>();
        for (PeerDirectory peer : peers) {
            String value = peer.testProperties().get(RunFiles.RUN_ID_KEY);
            if (value != null && !value.isBlank()) {
                named.add(value.trim());
            }
        }
        return named.isEmpty() ? null : String.join(" | ", named);
    }

    /** The runner's estimates of the peers' clock offsets (clocks.json); none when it made none. */
    public ClockReadings clocks() {
        return clocks;
    }

    /** Adds a warning for the reader of the report. */
    public void warn(String warning) {
        warnings.add(warning);
    }

    /** Adds warnings for the reader of the report. */
    public void warnAll(List<String> more) {
        warnings.addAll(more);
    }

    /** The warnings so far, in the order they were found. */
    public List<String> warnings() {
        return warnings;
    }
}
