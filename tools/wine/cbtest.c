/* Loads a CheckerBoard engine DLL the way CheckerBoard does (LoadLibrary, then the three
 * functions by name) and plays a game through getmove, for tools/wine-check.
 *
 *   cbtest.exe ENGINE.DLL GAMETYPE PLIES [FEN]
 *
 * GAMETYPE is 21 (English) or 22 (Italian), whose square numbers this program knows. It
 * prints the engine's answers, one line per move ("move 11-15"), and the final position
 * ("fen B:W..:B.."), so that the script can replay the moves with Damier's own rules. It
 * checks by itself that each returned board is the board before with the returned move
 * record applied, and that every move is one islegal accepts; it exits 1 at the first
 * fault. The process exits 2 on a usage or loading error. */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CB_WHITE 1
#define CB_BLACK 2
#define CB_MAN 4
#define CB_KING 8

struct coor { int x, y; };
struct CBmove {
    int jumps, newpiece, oldpiece;
    struct coor from, to;
    struct coor path[12];
    struct coor del[12];
    int delpiece[12];
};

typedef int (WINAPI *getmove_fn)(int[8][8], int, double, char *, int *, int, int, struct CBmove *);
typedef int (WINAPI *command_fn)(char *, char *);
typedef int (WINAPI *islegal_fn)(int[8][8], int, int, int, struct CBmove *);

static int gametype;

/* The square number of (x, y), or 0 off the playing squares (cb_interface.h's formulas). */
static int number(int x, int y)
{
    if ((x + y) % 2 != 0)
        return 0;
    if (gametype == 22)
        return 1 + 4 * y + x / 2;
    return 4 * (y + 1) - x / 2;
}

static void coords(int n, int *x, int *y)
{
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            if (number(i, j) == n) {
                *x = i;
                *y = j;
                return;
            }
    *x = *y = -1;
}

/* "B:W21,22,K30:B1,2" into the board; returns the side to move, or 0 if unreadable. */
static int read_fen(const char *fen, int board[8][8])
{
    memset(board, 0, sizeof(int) * 64);
    int side = fen[0] == 'W' ? CB_WHITE : fen[0] == 'B' ? CB_BLACK : 0;
    int color = 0;
    for (const char *p = fen + 1; *p; p++) {
        if (*p == ':' && (p[1] == 'W' || p[1] == 'B')) {
            color = p[1] == 'W' ? CB_WHITE : CB_BLACK;
            p++;
            continue;
        }
        int kind = CB_MAN;
        if (*p == 'K') {
            kind = CB_KING;
            p++;
        }
        if (*p >= '0' && *p <= '9') {
            int n = (int)strtol(p, (char **)&p, 10);
            int x, y;
            coords(n, &x, &y);
            if (x < 0 || color == 0)
                return 0;
            board[x][y] = color | kind;
            p--;
        }
    }
    return side;
}

static void write_fen(int board[8][8], int side, char *out)
{
    out += sprintf(out, "%c", side == CB_WHITE ? 'W' : 'B');
    for (int c = CB_WHITE; c <= CB_BLACK; c++) {
        out += sprintf(out, ":%c", c == CB_WHITE ? 'W' : 'B');
        int first = 1;
        for (int n = 1; n <= 32; n++) {
            int x, y;
            coords(n, &x, &y);
            int v = board[x][y];
            if (v & c) {
                out += sprintf(out, "%s%s%d", first ? "" : ",", v & CB_KING ? "K" : "", n);
                first = 0;
            }
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: cbtest ENGINE.DLL GAMETYPE PLIES [FEN]\n");
        return 2;
    }
    gametype = atoi(argv[2]);
    int plies = atoi(argv[3]);
    HMODULE dll = LoadLibraryA(argv[1]);
    if (!dll) {
        fprintf(stderr, "cbtest: cannot load %s (error %lu)\n", argv[1], GetLastError());
        return 2;
    }
    getmove_fn getmove = (getmove_fn)(void *)GetProcAddress(dll, "getmove");
    command_fn enginecommand = (command_fn)(void *)GetProcAddress(dll, "enginecommand");
    islegal_fn islegal = (islegal_fn)(void *)GetProcAddress(dll, "islegal");
    if (!getmove || !enginecommand || !islegal) {
        fprintf(stderr, "cbtest: %s lacks getmove, enginecommand or islegal\n", argv[1]);
        return 2;
    }

    char command[256], reply[1024];
    const char *asked[] = {"name", "get gametype", "get protocolversion", "get book",
                           "set hashsize 16", "get hashsize", "get movelist B:W1:B",
                           "get nonsense"};
    for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
        strcpy(command, asked[i]);
        reply[0] = 0;
        int handled = enginecommand(command, reply);
        printf("%s -> %d \"%s\"\n", asked[i], handled, reply);
    }

    int board[8][8];
    int side;
    if (argc > 4) {
        side = read_fen(argv[4], board);
        if (!side) {
            fprintf(stderr, "cbtest: unreadable position %s\n", argv[4]);
            return 2;
        }
    } else {
        memset(board, 0, sizeof board);
        for (int x = 0; x < 8; x++)
            for (int y = 0; y < 8; y++)
                if ((x + y) % 2 == 0)
                    board[x][y] = y <= 2 ? CB_BLACK | CB_MAN : y >= 5 ? CB_WHITE | CB_MAN : 0;
        side = gametype == 21 ? CB_BLACK : CB_WHITE;
    }

    char status[1024], fen[256];
    int playnow = 0;
    for (int ply = 0; ply < plies; ply++) {
        int before[8][8];
        memcpy(before, board, sizeof board);
        write_fen(board, side, fen);
        snprintf(command, sizeof command, "set gamehist %s", fen);
        enginecommand(command, reply);
        struct CBmove mv;
        memset(&mv, 0, sizeof mv);
        status[0] = 0;
        int result = getmove(board, side, 0.02, status, &playnow, ply == 0 ? 1 : 0, 0, &mv);
        if (memcmp(before, board, sizeof board) == 0) {
            printf("end: no move, result %d\n", result);
            break;
        }
        /* The board returned is the board before with the move record applied. */
        int expected[8][8];
        memcpy(expected, before, sizeof before);
        expected[mv.from.x][mv.from.y] = 0;
        for (int i = 0; i < mv.jumps; i++)
            expected[mv.del[i].x][mv.del[i].y] = 0;
        expected[mv.to.x][mv.to.y] = mv.newpiece;
        if (memcmp(expected, board, sizeof board) != 0 || before[mv.from.x][mv.from.y] != mv.oldpiece) {
            printf("fault: the board returned is not the move record applied (ply %d)\n", ply);
            return 1;
        }
        int from = number(mv.from.x, mv.from.y), to = number(mv.to.x, mv.to.y);
        struct CBmove checked;
        if (!islegal(before, side, from, to, &checked)) {
            printf("fault: islegal refuses the engine's own move %d-%d (ply %d)\n", from, to, ply);
            return 1;
        }
        if (strncmp(status, "Damier: ", 8) != 0) {
            printf("fault: no status line (ply %d): \"%s\"\n", ply, status);
            return 1;
        }
        printf("move %d%c%d\n", from, mv.jumps ? 'x' : '-', to);
        side ^= 3;
    }
    write_fen(board, side, fen);
    printf("fen %s\n", fen);
    return 0;
}
