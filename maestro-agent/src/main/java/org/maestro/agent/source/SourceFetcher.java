package org.maestro.agent.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns an AGENT_SOURCE into an {@link ExtensionSource}: checks it against the {@link SourcePolicy}, clones a git
 * repository (JGit, one branch) into the agent's work directory, or takes an allowed directory as it is.
 * Thread-safe.
 */
public final class SourceFetcher {
    private static final Logger LOG = LoggerFactory.getLogger(SourceFetcher.class);
    private static final String HEADS = "refs/heads/";

    private final SourcePolicy policy;
    private final Path cloneRoot;
    private final Duration timeout;
    private final AtomicLong nextClone = new AtomicLong(1);

    /**
     * @param cloneRoot where clones go (one directory per AGENT_SOURCE)
     * @param timeout   how long a git network operation may stall
     */
    public SourceFetcher(SourcePolicy policy, Path cloneRoot, Duration timeout) {
        this.policy = policy;
        this.cloneRoot = cloneRoot;
        this.timeout = timeout;
    }

    /**
     * Fetches a source.
     *
     * @param source a git URL or an absolute directory
     * @param branch the branch of a git source, or empty for its default branch
     * @throws RoleException REFUSED when not allowed, INVALID_OPTION for an unknown branch or a source without
     *                       {@code handlers/}, OTHER when the repository cannot be cloned
     */
    public ExtensionSource fetch(String source, String branch) throws RoleException {
        String trimmed = source.trim();
        String wanted = branch.trim();
        if (trimmed.isEmpty()) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION, "the agent source is empty: give a git URL or a" + " directory");
        }
        ExtensionSource fetched;
        if (SourcePolicy.isGitUrl(trimmed)) {
            policy.checkGit(trimmed);
            fetched = cloneRepository(trimmed, wanted);
        } else {
            Path directory = policy.checkDirectory(trimmed);
            if (!wanted.isEmpty()) {
                throw new RoleException(
                        ErrorCodes.INVALID_OPTION,
                        "the agent source " + UrlRedactor.redact(trimmed) + " is a directory,"
                                + " so it has no branch '" + wanted + "'; give a git URL to use a branch");
            }
            fetched = new ExtensionSource(trimmed, "", directory, null, false);
        }
        if (!Files.isDirectory(fetched.root().resolve(ExtensionSource.HANDLERS))) {
            discard(fetched);
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    "the agent source " + fetched.describe() + " has no "
                            + ExtensionSource.HANDLERS
                            + "/ directory: put one handler per command in it, a Groovy script or an executable file, e.g. "
                            + ExtensionSource.HANDLERS
                            + "/restart.groovy (the agent-init command of maestro-cli writes a skeleton of a source)");
        }
        LOG.info("agent source {} with handlers {}", fetched.describe(), fetched.handlerNames());
        return fetched;
    }

    private ExtensionSource cloneRepository(String url, String branch) throws RoleException {
        int seconds = (int) Math.max(1, timeout.toSeconds());
        Collection<Ref> heads;
        try {
            heads = Git.lsRemoteRepository()
                    .setRemote(url)
                    .setHeads(true)
                    .setTimeout(seconds)
                    .call();
        } catch (GitAPIException | RuntimeException e) {
            throw new RoleException(
                    ErrorCodes.OTHER,
                    "cannot read the git repository " + UrlRedactor.redact(url) + ": "
                            + UrlRedactor.redact(e.getMessage()),
                    e);
        }
        if (!branch.isEmpty() && heads.stream().noneMatch(ref -> ref.getName().equals(HEADS + branch))) {
            List<String> names = heads.stream()
                    .map(ref -> ref.getName().substring(HEADS.length()))
                    .sorted()
                    .toList();
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    "the git repository " + UrlRedactor.redact(url) + " has no branch '" + branch + "'; its branches: "
                            + String.join(", ", names));
        }
        Path directory = cloneRoot.resolve("source-" + nextClone.getAndIncrement());
        try {
            deleteTree(directory);
            Files.createDirectories(cloneRoot);
            var clone = Git.cloneRepository()
                    .setURI(url)
                    .setDirectory(directory.toFile())
                    .setTimeout(seconds)
                    .setCloneSubmodules(false);
            if (!branch.isEmpty()) {
                clone.setBranch(HEADS + branch).setBranchesToClone(List.of(HEADS + branch));
            }
            try (Git git = clone.call()) {
                ObjectId head = git.getRepository().resolve("HEAD");
                if (head == null) {
                    throw new RoleException(
                            ErrorCodes.INVALID_OPTION,
                            "the git repository " + UrlRedactor.redact(url) + " has no commit"
                                    + (branch.isEmpty() ? "" : " on branch " + branch));
                }
                return new ExtensionSource(url, branch, directory, head.name(), true);
            }
        } catch (GitAPIException | IOException | RuntimeException e) {
            deleteQuietly(directory);
            throw new RoleException(
                    ErrorCodes.OTHER,
                    "cannot clone the git repository " + UrlRedactor.redact(url)
                            + (branch.isEmpty() ? "" : " (branch " + branch + ")") + ": " + e.getMessage(),
                    e);
        } catch (RoleException e) {
            deleteQuietly(directory);
            throw e;
        }
    }

    /** Deletes the clone of a source the agent no longer uses; a plain directory is left alone. */
    public void discard(ExtensionSource source) {
        if (source.isClone()) {
            deleteQuietly(source.root());
        }
    }

    private static void deleteQuietly(Path directory) {
        try {
            deleteTree(directory);
        } catch (IOException e) {
            LOG.warn("could not delete {}: {}", directory, e.toString());
        }
    }

    static void deleteTree(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
