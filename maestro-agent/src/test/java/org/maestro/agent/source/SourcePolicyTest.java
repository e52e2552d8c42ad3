package org.maestro.agent.source;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/** Which script sources the agent's allow list lets it run, and which it refuses. */
class SourcePolicyTest {

    private final SourcePolicy policy = new SourcePolicy(
            List.of("https://git.example.com/qe/", "https://github.com/acme/router-actions"), List.of());

    @Test
    void aPrefixEndingInASlashAllowsEverythingBelowIt() {
        assertDoesNotThrow(() -> policy.checkGit("https://git.example.com/qe/router.git"));
        assertDoesNotThrow(() -> policy.checkGit("https://git.example.com/qe/team/broker"));
    }

    @Test
    void anyOtherPrefixAllowsThatRepositoryOnly() throws RoleException {
        policy.checkGit("https://github.com/acme/router-actions");
        policy.checkGit("https://github.com/acme/router-actions.git");
        RoleException error =
                assertThrows(RoleException.class, () -> policy.checkGit("https://github.com/acme/router-actions-evil"));
        assertEquals(ErrorCodes.REFUSED, error.code());
        assertThrows(RoleException.class, () -> policy.checkGit("https://git.example.com/qeevil/x"));
    }

    @Test
    void refusesClimbingAndEncodedSegments() {
        for (String url : List.of(
                "https://git.example.com/qe/../other/x",
                "https://git.example.com/qe/%2e%2e/x",
                "https://git.example.com/qe/a%2Fb")) {
            RoleException error = assertThrows(RoleException.class, () -> policy.checkGit(url), url);
            assertEquals(ErrorCodes.REFUSED, error.code());
        }
        assertEquals(
                ErrorCodes.INVALID_OPTION,
                assertThrows(RoleException.class, () -> policy.checkGit("https://git.example.com/qe/a b"))
                        .code());
    }

    @Test
    void tellsGitUrlsFromDirectories() {
        assertTrue(SourcePolicy.isGitUrl("https://h/x.git"));
        assertTrue(SourcePolicy.isGitUrl("file:///srv/git/x"));
        assertTrue(SourcePolicy.isGitUrl("git@github.com:acme/x.git"));
        assertFalse(SourcePolicy.isGitUrl("/opt/maestro/actions"));
        assertFalse(SourcePolicy.isGitUrl("actions"));
    }

    @Test
    void allowsDirectoriesBelowAnAllowedOneButNotThroughALink(@TempDir Path temp) throws Exception {
        Path allowed = Files.createDirectories(temp.resolve("allowed/a"));
        Path secret = Files.createDirectories(temp.resolve("secret"));
        Files.createSymbolicLink(temp.resolve("allowed/link"), secret);
        SourcePolicy directories = new SourcePolicy(List.of(), List.of(temp.resolve("allowed")));

        assertEquals(allowed.toRealPath(), directories.checkDirectory(allowed.toString()));
        RoleException linked = assertThrows(
                RoleException.class,
                () -> directories.checkDirectory(temp.resolve("allowed/link").toString()));
        assertEquals(ErrorCodes.REFUSED, linked.code());
        assertTrue(linked.getMessage().contains("(it resolves to " + secret.toRealPath() + ")"), linked.getMessage());
        RoleException relative = assertThrows(RoleException.class, () -> directories.checkDirectory("allowed/a"));
        assertEquals(ErrorCodes.INVALID_OPTION, relative.code());
        RoleException missing = assertThrows(
                RoleException.class,
                () -> directories.checkDirectory(temp.resolve("allowed/none").toString()));
        assertEquals(ErrorCodes.INVALID_OPTION, missing.code());
    }
}
