package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** etc/git-hooks/commit-msg, installed in a real git repository, refuses subjects over 72 characters. */
class CommitMessageHookTest {
    @TempDir
    Path repository;

    @BeforeEach
    void aRepositoryWithTheHook() throws Exception {
        git("init", "--quiet");
        git("config", "user.email", "test@example.com");
        git("config", "user.name", "Test");
        git("config", "core.hooksPath", RepositoryFiles.path("etc/git-hooks").toString());
        Files.writeString(repository.resolve("file.txt"), "content\n");
        git("add", "file.txt");
    }

    @Test
    void acceptsASubjectOf72CharactersWithTheDetailInTheBody() throws Exception {
        CommandRun.Result commit = git("commit", "--quiet", "-m", "s".repeat(72), "-m", "The detail.");
        assertEquals(0, commit.exitCode(), commit.toString());
    }

    @Test
    void refusesASubjectOf73CharactersAndSaysWhatToDo() throws Exception {
        CommandRun.Result commit = git("commit", "--quiet", "-m", "s".repeat(73));
        assertNotEquals(0, commit.exitCode(), commit.toString());
        assertTrue(commit.output().contains("the subject has 73 characters; keep it to 72"), commit.toString());
        assertNotEquals(0, git("rev-parse", "--verify", "--quiet", "HEAD").exitCode(), "a commit was made");
    }

    @Test
    void refusesADetailWithoutAnEmptyLineAfterTheSubject() throws Exception {
        Files.writeString(repository.resolve("message.txt"), "A subject\nthe detail right under it\n");
        CommandRun.Result commit = git("commit", "--quiet", "--file", "message.txt");
        assertNotEquals(0, commit.exitCode(), commit.toString());
        assertTrue(commit.output().contains("the second line must be empty"), commit.toString());
    }

    private CommandRun.Result git(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        return CommandRun.of(command, repository, Map.of()).run(Duration.ofSeconds(30));
    }
}
