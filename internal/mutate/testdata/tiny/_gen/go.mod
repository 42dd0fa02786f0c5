module example.com/tiny/_gen

go 1.26
