module example.com/tiny/_asm

go 1.26
