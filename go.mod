module github.com/tavoliere/tavoliere

go 1.26
